#!/bin/sh
# Runs its arguments (the server, from npm start and the memory benchmarks) with jemalloc as the
# C allocator when the system has it (Debian/Ubuntu: apt install libjemalloc2), and as it is
# otherwise (decision 0050, fourth amendment). glibc's allocator keeps the memory of freed request
# buffers inside its heap, so the server's resident set ratcheted up by each peak of short-lived
# buffers between two garbage collections (the soak's RSS creep); jemalloc gives pages unused for
# a second back to the system. An allocator already set in LD_PRELOAD or MALLOC_CONF is kept.
for lib in \
  /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 \
  /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 \
  /usr/lib64/libjemalloc.so.2 \
  /usr/lib/libjemalloc.so.2 \
  /usr/local/lib/libjemalloc.so.2; do
  if [ -f "$lib" ]; then
    case "${LD_PRELOAD:-}" in
      *jemalloc*) ;;
      *) export LD_PRELOAD="$lib${LD_PRELOAD:+:$LD_PRELOAD}" ;;
    esac
    export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0}"
    break
  fi
done
exec "$@"
