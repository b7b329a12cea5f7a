# One event with the exact body sent and every attempt (status, latency, error class, answer excerpt).
curl -sS --fail-with-body \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/webhook-events/$WEBHOOK_EVENT_ID"
