using System;
using System.IO;

public static class Harness
{
    public static void Main()
    {
        var body = File.ReadAllBytes(Environment.GetEnvironmentVariable("SAMPLE_BODY_FILE"));
        var hmac = WebhookVerifier.VerifyFanshelfSignature(
            body, Environment.GetEnvironmentVariable("SAMPLE_HMAC_HEADER"), Environment.GetEnvironmentVariable("SAMPLE_SECRET"));
        var standard = WebhookVerifier.VerifyStandardWebhook(
            body,
            Environment.GetEnvironmentVariable("SAMPLE_WEBHOOK_ID"),
            Environment.GetEnvironmentVariable("SAMPLE_WEBHOOK_TIMESTAMP"),
            Environment.GetEnvironmentVariable("SAMPLE_WEBHOOK_SIGNATURE"),
            Environment.GetEnvironmentVariable("SAMPLE_WEBHOOK_SECRET"),
            DateTimeOffset.FromUnixTimeSeconds(long.Parse(Environment.GetEnvironmentVariable("SAMPLE_NOW"))));
        Console.WriteLine("hmac=" + (hmac ? "valid" : "invalid"));
        Console.WriteLine("standard=" + (standard ? "valid" : "invalid"));
    }
}
