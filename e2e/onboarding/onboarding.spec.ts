import { test } from '@playwright/test'
import { setUpFirstDay } from './first-day.ts'
import { operationsSteps } from './steps/operations.ts'
import { sellingAndStaffSteps } from './steps/selling-and-staff.ts'
import { shopSetupSteps } from './steps/shop-setup.ts'

/**
 * An operator's first day with a shop that is not the demo (issue 22's acceptance), in order: each
 * step uses what the previous ones made, as the people involved would — the operator at a shell
 * (`fanshelf …` beside the server), the owner and a staff member in the browser, an outside storefront
 * and an integration over HTTP from Node, Prometheus at /metrics. Ends with backup → wipe → restore
 * and the same answers. Desktop width by default; the pages people reach from a link on their phone
 * (set a password, sign in) at 390 px.
 */
//
// The steps live in steps/, in three parts, registered here in order as one serial journey.

test.describe.configure({ mode: 'serial' })

setUpFirstDay()

shopSetupSteps()
sellingAndStaffSteps()
operationsSteps()
