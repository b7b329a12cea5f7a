# One product by its slug (e.g. pixel-pines-logo-tee), with its variants and prices in the shop's currency.
curl -sS --fail-with-body \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/products/$PRODUCT_SLUG?storefront_token=$FANSHELF_STOREFRONT_TOKEN"
