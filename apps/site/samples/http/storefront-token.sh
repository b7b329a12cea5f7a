# Get (or create on first call) the shop's public storefront token with open API credentials.
curl -sS --fail-with-body -X PUT \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/public-token"
