# The shop behind the token: name, domains, currency and the hosted checkout base URL.
curl -sS --fail-with-body \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/shop?storefront_token=$FANSHELF_STOREFRONT_TOKEN"
