# Who am I? Answers the shop your API user belongs to.
curl -sS --fail-with-body \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/shops/current"
