# Renew with fewer scopes: the new access token may only read orders. The grant keeps its scopes,
# so a later refresh without scope gets all of them again; a scope outside the grant is invalid_scope.
curl -sS --fail-with-body \
  -u "$FANSHELF_CLIENT_ID:$FANSHELF_CLIENT_SECRET" \
  -d grant_type=refresh_token \
  --data-urlencode "refresh_token=$REFRESH_TOKEN" \
  -d scope=order_read \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/platform/token"
