# Exchange the authorization code from the consent redirect for tokens (REDIRECT_URI: the one the
# consent link named).
curl -sS --fail-with-body \
  -u "$FANSHELF_CLIENT_ID:$FANSHELF_CLIENT_SECRET" \
  -d grant_type=authorization_code \
  --data-urlencode "code=$CODE" \
  --data-urlencode "redirect_uri=$REDIRECT_URI" \
  --data-urlencode "code_verifier=$CODE_VERIFIER" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/platform/token"
