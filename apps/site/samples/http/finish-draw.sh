# Close a draw with the chat entrants your bot collected; the answer names the winners.
curl -sS --fail-with-body -X PUT \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d '{"participants": [
        {"service": "TWITCH", "userId": "52918734", "userName": "mossy_mika"},
        {"service": "TWITCH", "userId": "80311265", "userName": "quietquill"},
        {"service": "TWITCH", "userId": "11873402", "userName": "pine_cone_pat"}
      ]}' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/gifting/draw/$DRAW_ID/finish"
