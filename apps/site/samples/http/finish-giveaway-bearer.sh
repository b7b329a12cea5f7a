# The same call from a platform app: a bearer token of an app granted giveaway_write.
# An empty participant list returns the prize to the shop (no redeemUrl).
curl -sS --fail-with-body -X PUT \
  -H "Authorization: Bearer $ACCESS_TOKEN" \
  -H 'Content-Type: application/json' \
  -d '{"participants": []}' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/giveaways/giveaways/$GIVEAWAY_ID/finish/twitch"
