# Call the open API as a platform app, with the access token of one shop's grant.
curl -sS --fail-with-body \
  -H "Authorization: Bearer $ACCESS_TOKEN" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/order?size=5"
