# Finish the giveaway (beta) with the Twitch viewers who entered; the answer has the winner's redeemUrl.
curl -sS --fail-with-body -X PUT \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d '{"participants": [
        {"userId": "52918734", "userName": "mossy_mika"},
        {"userId": "80311265", "userName": "quietquill"}
      ]}' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/giveaways/giveaways/$GIVEAWAY_ID/finish/twitch"
