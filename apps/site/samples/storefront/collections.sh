# The shop's public collections (0-based pages).
curl -sS --fail-with-body \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/collections?storefront_token=$FANSHELF_STOREFRONT_TOKEN&page=0&size=20"
