/**
 * The gateway's answers as they go over the wire (Braintree's shape: a transaction status, a
 * processor response code and text, a gateway rejection reason, or a validation error). They are
 * the gateway's server-to-server API (src/contracts/payment-gateway.ts); the shop's HTTP client
 * (src/server/payments) reshapes them into AuthorisationResult in one place.
 */
export type {
  AnswerInstrument,
  PaymentMethodAnswer,
  RejectionReason,
  SaleAnswer,
  SettlementAnswer,
  ValidationField,
  VaultAnswer,
} from '@/contracts/payment-gateway';
