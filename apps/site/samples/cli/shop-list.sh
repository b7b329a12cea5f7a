npx fanshelf shop list                                              # id, name, domain, currency, owner, people
npx fanshelf shop password-link --email owner@cedarpine.example     # a one-time reset link, when no mail goes out
