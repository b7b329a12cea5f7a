# The next page of the delivery log by cursor: the events after $WEBHOOK_EVENT_ID (the last one of
# the page you read), newest first. Read on with this page's last id while "hasMore" is true.
curl -sS --fail-with-body \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/webhook-events?size=100&startingAfter=$WEBHOOK_EVENT_ID"
