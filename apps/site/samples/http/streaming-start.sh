# Tell the shop the creator is live on Twitch: gifts can be bought for the chat from now on.
curl -sS --fail-with-body -X PUT \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d '{"services": [{"type": "TWITCH", "broadcasterId": "141981764", "broadcasterLogin": "pixelpines"}]}' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/streaming/start"
