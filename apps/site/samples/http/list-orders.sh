# Shipped or delivered orders created in November 2026, 50 per page, first page.
# -g stops curl from treating the [gt]/[lt] brackets as a glob.
curl -sS --fail-with-body -g \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/order?page=0&size=50&status=SHIPPED&status=DELIVERED&createdAt[gt]=2026-11-01T00:00:00Z&createdAt[lt]=2026-12-01T00:00:00Z"
