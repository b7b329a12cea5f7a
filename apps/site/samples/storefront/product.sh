# One product by slug, with its variants and prices in the shop's currency.
curl -sS --fail-with-body \
  "${FANSHELF_STOREFRONT_API:-http://127.0.0.1:4000/v1}/products/pixel-pines-logo-tee?storefront_token=$FANSHELF_STOREFRONT_TOKEN"
