using System;
using System.Security.Cryptography;
using System.Text;

public static class WebhookVerifier
{
    /// <summary>
    /// Checks X-Fourthwall-Hmac-SHA256 (shop secret) or X-Fourthwall-Hmac-Apps-SHA256 (app HMAC key);
    /// the same value also arrives as X-Fanshelf-Hmac-SHA256 / X-Fanshelf-Hmac-Apps-SHA256.
    /// rawBody must be the exact bytes received (ASP.NET Core: read Request.Body before binding).
    /// </summary>
    public static bool VerifyFanshelfSignature(byte[] rawBody, string header, string secret)
    {
        if (string.IsNullOrEmpty(header))
        {
            return false;
        }
        using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(secret)))
        {
            var expected = Encoding.ASCII.GetBytes(Convert.ToBase64String(hmac.ComputeHash(rawBody)));
            return FixedTimeEquals(expected, Encoding.ASCII.GetBytes(header));
        }
    }

    /// <summary>
    /// Checks the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature.
    /// secret as returned by POST /webhooks ("whsec_...": the key is the decoded base64 part); other keys are used as UTF-8.
    /// </summary>
    public static bool VerifyStandardWebhook(
        byte[] rawBody, string id, string timestamp, string signature, string secret, DateTimeOffset now)
    {
        long sentAt;
        if (string.IsNullOrEmpty(id) || string.IsNullOrEmpty(signature) || !long.TryParse(timestamp, out sentAt))
        {
            return false;
        }
        if (Math.Abs(now.ToUnixTimeSeconds() - sentAt) > 300)
        {
            return false;
        }

        var key = secret.StartsWith("whsec_", StringComparison.Ordinal)
            ? Convert.FromBase64String(secret.Substring("whsec_".Length))
            : Encoding.UTF8.GetBytes(secret);
        var prefix = Encoding.UTF8.GetBytes(id + "." + timestamp + ".");
        var signedContent = new byte[prefix.Length + rawBody.Length];
        Buffer.BlockCopy(prefix, 0, signedContent, 0, prefix.Length);
        Buffer.BlockCopy(rawBody, 0, signedContent, prefix.Length, rawBody.Length);
        byte[] expected;
        using (var hmac = new HMACSHA256(key))
        {
            expected = Encoding.ASCII.GetBytes(Convert.ToBase64String(hmac.ComputeHash(signedContent)));
        }

        // Several signatures may be sent while a secret is rotated: accept if any v1 signature matches.
        foreach (var entry in signature.Split(' '))
        {
            var parts = entry.Split(new[] { ',' }, 2);
            if (parts.Length == 2 && parts[0] == "v1" && FixedTimeEquals(expected, Encoding.ASCII.GetBytes(parts[1])))
            {
                return true;
            }
        }
        return false;
    }

    // On .NET Core 2.1+ you can use CryptographicOperations.FixedTimeEquals instead.
    private static bool FixedTimeEquals(byte[] a, byte[] b)
    {
        if (a.Length != b.Length)
        {
            return false;
        }
        var difference = 0;
        for (var i = 0; i < a.Length; i++)
        {
            difference |= a[i] ^ b[i];
        }
        return difference == 0;
    }
}
