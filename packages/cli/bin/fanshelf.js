#!/usr/bin/env node
// The fanshelf command runs its TypeScript sources through tsx (decision 0005).
import { register } from 'tsx/esm/api'

register()
await import('../src/bin.ts')
