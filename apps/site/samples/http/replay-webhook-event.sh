# Send an event again (same id, same body) after fixing your endpoint.
curl -sS --fail-with-body -X POST \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/webhook-events/$WEBHOOK_EVENT_ID/replay"
