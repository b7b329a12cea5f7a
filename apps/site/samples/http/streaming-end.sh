# The stream is over: gifts can no longer be bought for the chat.
curl -sS --fail-with-body -X PUT \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d '{"services": ["TWITCH"]}' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/streaming/end"
