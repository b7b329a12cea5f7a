<?php

declare(strict_types=1);

require __DIR__ . '/../verify.php';

$body = file_get_contents(getenv('SAMPLE_BODY_FILE'));
$hmac = verify_fanshelf_signature($body, getenv('SAMPLE_HMAC_HEADER') ?: null, getenv('SAMPLE_SECRET'));
$standard = verify_standard_webhook(
    $body,
    getenv('SAMPLE_WEBHOOK_ID') ?: null,
    getenv('SAMPLE_WEBHOOK_TIMESTAMP') ?: null,
    getenv('SAMPLE_WEBHOOK_SIGNATURE') ?: null,
    getenv('SAMPLE_WEBHOOK_SECRET'),
    (int) getenv('SAMPLE_NOW')
);
echo 'hmac=' . ($hmac ? 'valid' : 'invalid') . "\n";
echo 'standard=' . ($standard ? 'valid' : 'invalid') . "\n";
