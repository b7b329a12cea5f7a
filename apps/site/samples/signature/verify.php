<?php

declare(strict_types=1);

/**
 * Checks X-Fourthwall-Hmac-SHA256 (shop secret) or X-Fourthwall-Hmac-Apps-SHA256 (app HMAC key);
 * the same value also arrives as X-Fanshelf-Hmac-SHA256 / X-Fanshelf-Hmac-Apps-SHA256.
 * $rawBody must be the exact bytes received: file_get_contents('php://input').
 */
function verify_fanshelf_signature(string $rawBody, ?string $header, string $secret): bool
{
    if ($header === null || $header === '') {
        return false;
    }
    $expected = base64_encode(hash_hmac('sha256', $rawBody, $secret, true));
    return hash_equals($expected, $header);
}

/**
 * Checks the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature.
 * $secret as returned by POST /webhooks ("whsec_...": the key is the decoded base64 part); other keys are used as UTF-8.
 */
function verify_standard_webhook(
    string $rawBody,
    ?string $id,
    ?string $timestamp,
    ?string $signature,
    string $secret,
    ?int $now = null,
    int $toleranceSeconds = 300
): bool {
    if (!$id || !$timestamp || !$signature || !ctype_digit($timestamp)) {
        return false;
    }
    if (abs(($now ?? time()) - (int) $timestamp) > $toleranceSeconds) {
        return false;
    }

    $key = str_starts_with($secret, 'whsec_')
        ? base64_decode(substr($secret, strlen('whsec_')), true)
        : $secret;
    if ($key === false) {
        return false;
    }
    $expected = base64_encode(hash_hmac('sha256', "{$id}.{$timestamp}.{$rawBody}", $key, true));

    // Several signatures may be sent while a secret is rotated: accept if any v1 signature matches.
    foreach (explode(' ', $signature) as $entry) {
        [$version, $value] = array_pad(explode(',', $entry, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $value)) {
            return true;
        }
    }
    return false;
}
