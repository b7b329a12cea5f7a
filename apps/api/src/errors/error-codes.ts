/** The error-code → status table lives with the contract's types (packages/contract, decision 0044). */
export { type ErrorCode, errorStatus, type NotFoundCode, statusOf } from '@fanshelf/contract'
