# A draw: open (finishedAt null) or finished, with each winner's redeemUri.
curl -sS --fail-with-body \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/gifting/draw/$DRAW_ID"
