import base64
import hashlib
import hmac
import time


def verify_fanshelf_signature(raw_body: bytes, header: str | None, secret: str) -> bool:
    """Checks X-Fourthwall-Hmac-SHA256 (shop secret) or X-Fourthwall-Hmac-Apps-SHA256 (app HMAC key).

    The same value also arrives as X-Fanshelf-Hmac-SHA256 / X-Fanshelf-Hmac-Apps-SHA256.

    raw_body must be the exact bytes received (Flask: request.get_data(), Django: request.body).
    """
    if not header:
        return False
    digest = hmac.new(secret.encode("utf-8"), raw_body, hashlib.sha256).digest()
    expected = base64.b64encode(digest).decode("ascii")
    return hmac.compare_digest(expected.encode("utf-8"), header.encode("utf-8"))


def verify_standard_webhook(
    raw_body: bytes,
    msg_id: str | None,
    timestamp: str | None,
    signature: str | None,
    secret: str,
    now: int | None = None,
    tolerance_seconds: int = 300,
) -> bool:
    """Checks the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature.

    secret as returned by POST /webhooks ("whsec_...": the key is the decoded base64 part); other keys are used as UTF-8.
    """
    if not msg_id or not timestamp or not signature:
        return False
    try:
        sent_at = int(timestamp)
    except ValueError:
        return False
    current = int(time.time()) if now is None else now
    if abs(current - sent_at) > tolerance_seconds:
        return False

    if secret.startswith("whsec_"):
        key = base64.b64decode(secret[len("whsec_"):])
    else:
        key = secret.encode("utf-8")
    signed_content = f"{msg_id}.{timestamp}.".encode("utf-8") + raw_body
    expected = base64.b64encode(hmac.new(key, signed_content, hashlib.sha256).digest()).decode("ascii")

    # Several signatures may be sent while a secret is rotated: accept if any v1 signature matches.
    for entry in signature.split(" "):
        version, _, value = entry.partition(",")
        if version == "v1" and hmac.compare_digest(expected.encode("utf-8"), value.encode("utf-8")):
            return True
    return False
