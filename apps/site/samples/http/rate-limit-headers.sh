# Show the rate-limit headers of a response (-D - prints headers, the body is discarded).
curl -sS -o /dev/null -D - \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/shops/current"
