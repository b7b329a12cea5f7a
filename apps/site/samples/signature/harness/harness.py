import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from verify import verify_fanshelf_signature, verify_standard_webhook  # noqa: E402

env = os.environ
with open(env["SAMPLE_BODY_FILE"], "rb") as f:
    body = f.read()
hmac_ok = verify_fanshelf_signature(body, env.get("SAMPLE_HMAC_HEADER"), env["SAMPLE_SECRET"])
standard_ok = verify_standard_webhook(
    body,
    env.get("SAMPLE_WEBHOOK_ID"),
    env.get("SAMPLE_WEBHOOK_TIMESTAMP"),
    env.get("SAMPLE_WEBHOOK_SIGNATURE"),
    env["SAMPLE_WEBHOOK_SECRET"],
    now=int(env["SAMPLE_NOW"]),
)
print(f"hmac={'valid' if hmac_ok else 'invalid'}")
print(f"standard={'valid' if standard_ok else 'invalid'}")
