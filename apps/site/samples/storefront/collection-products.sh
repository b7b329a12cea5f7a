# Every public product, through the built-in collection `all`, priced in euros.
curl -sS --fail-with-body \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/collections/all/products?storefront_token=$FANSHELF_STOREFRONT_TOKEN&currency=EUR&size=12"
