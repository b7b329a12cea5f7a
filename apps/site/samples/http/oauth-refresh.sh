# Renew the tokens. Store the new refresh_token: the one you sent stops working.
curl -sS --fail-with-body \
  -u "$FANSHELF_CLIENT_ID:$FANSHELF_CLIENT_SECRET" \
  -d grant_type=refresh_token \
  --data-urlencode "refresh_token=$REFRESH_TOKEN" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/platform/token"
