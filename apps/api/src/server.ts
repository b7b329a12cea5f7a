import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { startPlatform } from './start.js'

// Entrypoint: load config, build, listen. `fanshelf start` runs the same through startPlatform.
const config = loadConfig()
await startPlatform(config, buildApp)
