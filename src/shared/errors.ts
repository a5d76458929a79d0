/*
 * The one list of error codes the API answers with (ARCHITECTURE rule 4: `{ message, code }`), each with its
 * message. Where the spec words a refusal, the text here is the spec's and is the one sent. A code whose text
 * depends on the case (a count of seconds or attempts, the field that failed validation, a message that
 * differs between two screens) keeps a generic default here and its callers pass the specific text.
 * Plain TypeScript: imported by the server (AppError) and the client (ApiError) alike.
 */
export const ERROR_MESSAGES = {
  // --- generic (plugins, error handler) ------------------------------------------------------------
  bad_request: /*i18n*/ 'Invalid request',
  validation_error: /*i18n*/ 'Invalid request',
  invalid_json: /*i18n*/ 'The request body is not valid JSON.',
  empty_body: /*i18n*/ 'The request body is empty.',
  body_too_large: /*i18n*/ 'The request body is too large.',
  headers_too_large: /*i18n*/ 'The request headers are too large.',
  request_timeout: /*i18n*/ 'The request took too long to arrive. Please try again.',
  unsupported_media_type: /*i18n*/ 'Send the request body as JSON.',
  unauthorized: /*i18n*/ 'Please log in to continue.',
  forbidden: /*i18n*/ 'You do not have access to this resource.',
  not_found: /*i18n*/ 'Not found',
  conflict: /*i18n*/ 'This record already exists.',
  rate_limited: /*i18n*/ 'Too many attempts. Please try again later.',
  internal: /*i18n*/ 'Something went wrong. Please try again.',
  service_unavailable: /*i18n*/ 'The service is temporarily unavailable. Please try again in a moment.',
  invalid_cursor: /*i18n*/ 'This page link is no longer valid. Please start again from the first page.',
  terms_required: /*i18n*/ 'You must accept the terms and conditions to use the product.',
  // GET /metrics with METRICS_TOKEN set (docs/decisions/059): Prometheus must send the operator's token.
  metrics_token_required: /*i18n*/ "The metrics need the operator's token: send Authorization: Bearer followed by METRICS_TOKEN.",

  // --- accounts: registration, verification, login, password reset (spec part 1, 4 to 8) -------------
  email_taken: /*i18n*/ 'Email address is already in use. Please use a different email.',
  phone_taken: /*i18n*/ 'Phone number is already in use. Please use a different number.',
  account_taken: /*i18n*/ 'Email address or phone number is already in use by another account.',
  already_verified: /*i18n*/ 'Email already verified. Please log in.',
  code_expired: /*i18n*/ 'Verification code has expired. Please request a new code.',
  code_replaced: /*i18n*/ 'This code has been replaced. Please enter the latest code we sent.',
  code_locked: /*i18n*/ 'Too many incorrect attempts. Please request a new code.',
  code_invalid: /*i18n*/ 'Invalid verification code.',
  link_invalid: /*i18n*/ 'This verification link is invalid or has expired. Please request a new one.',
  // A code works only in the browser that registered (decision 030).
  registration_replaced:
    /*i18n*/ 'This e-mail address was registered again since you registered in this browser, so this code cannot be used here. Please register again, or open the link in the latest verification e-mail.',
  registration_not_in_browser:
    /*i18n*/ 'Please enter the code in the browser where you registered, or open the link in the verification e-mail to choose your password there.',
  too_many_codes: /*i18n*/ 'Too many verification codes were sent to this e-mail address. Please use the latest code or link we sent, or try again later.',
  invalid_credentials: /*i18n*/ 'Invalid email or password',
  email_not_verified: /*i18n*/ 'Please verify your email before logging in.',
  // A login of a registration still waiting for its code: the form links to /verify-otp (docs/decisions/036).
  registration_pending:
    /*i18n*/ 'Your registration is waiting for its e-mail verification. Enter the 6-digit code we e-mailed you, or open the link in that e-mail to finish it.',
  account_inactive: /*i18n*/ 'Your account is inactive. Please contact support.',
  reset_link_invalid: /*i18n*/ 'This password reset link is invalid or has expired. Please request a new one.',
  restore_link_invalid: /*i18n*/ 'This link is invalid, has expired or was already used. If your e-mail address was changed without you, contact support.',
  mail_failed: /*i18n*/ 'There was a problem with our servers. Please try again in a few minutes.',

  // --- one-time codes of the profile change and of account deletion (spec part 2, 7; DPDP erasure) ---
  unchanged: /*i18n*/ 'Please enter a new value',
  no_code: /*i18n*/ 'Please request a new code.',
  invalid_code: /*i18n*/ 'Invalid OTP.',
  wrong_code: /*i18n*/ 'Invalid code. Please check the code in your e-mail.',
  too_many_attempts: /*i18n*/ 'Too many incorrect attempts. Please request a new code.',

  // --- clinic account and calls ----------------------------------------------------------------------
  wrong_password: /*i18n*/ 'Current password is incorrect.',
  same_password: /*i18n*/ 'The new password must be different from the current password.',
  not_today: /*i18n*/ "Only today's calls can be cancelled.",
  // A planned absence (docs/decisions/040): its first day must be today or later (Indian date).
  leave_in_past: /*i18n*/ 'The first day cannot be in the past.',

  // --- booking (spec part 2, 4 and 5; the day-block reasons of src/shared/booking) ---------------------
  invalid_date: /*i18n*/ 'Please select a valid date.',
  past: /*i18n*/ 'You cannot book an appointment for a past date. Please select today or a later date.',
  beyond_horizon: /*i18n*/ 'This date is too far ahead to book. Please select an earlier date.',
  unavailable_weekday: /*i18n*/ 'The doctor is not available on this day. Please select another date.',
  closed: /*i18n*/ "The clinic has cancelled this doctor's calls for this date. Please select another date.",
  leave: /*i18n*/ 'The doctor is on leave on this date. Please select another date.',
  clinic_closed: /*i18n*/ 'The clinic is closed on this date. Please select another date.',
  leave_limit: /*i18n*/ 'A clinic can plan at most 100 absences at a time. Please end one that is no longer needed first.',
  already_booked: /*i18n*/ 'You already have an appointment with this doctor on this date',
  has_future_appointment:
    /*i18n*/ 'You already have a future appointment with this doctor at this clinic. Please complete or cancel your current appointment before booking another one.',
  frequency: /*i18n*/ 'Due to call frequency restrictions, you cannot book an appointment on this date. Please select a later date.',
  full: /*i18n*/ 'No appointment slots available for this date. Please select another date.',
  cannot_cancel: /*i18n*/ 'This appointment cannot be cancelled.',
  // Visiting hours (src/shared/booking/visit-windows.ts, docs/decisions/039).
  visit_time_required: /*i18n*/ 'Please select a visit time.',
  visit_time_not_offered: /*i18n*/ 'Please select one of the visit times offered.',
  visit_time_taken: /*i18n*/ 'This visit time is no longer available. Please select another time.',
  visit_time_not_needed: /*i18n*/ 'This doctor receives visits all day at this clinic: book the date without a visit time.',
  idempotency_key_reused: /*i18n*/ 'This Idempotency-Key was already used for a different booking.',
  subscription_required: /*i18n*/ 'An active subscription is required to book appointments.',
  // Rescheduling and the waitlist (src/shared/booking/waitlist.ts, docs/decisions/043).
  cannot_reschedule: /*i18n*/ 'This appointment cannot be rescheduled.',
  same_visit: /*i18n*/ 'Please select a different date or time.',
  slots_available: /*i18n*/ 'Slots are available on this date. Please book it.',
  already_waitlisted: /*i18n*/ 'You are already on the waitlist for this date.',
  waitlist_not_found: /*i18n*/ 'Waitlist entry not found',
  offer_closed: /*i18n*/ 'This offer is no longer open.',

  // --- a visit's life after booking (src/shared/booking/visit-status.ts, docs/decisions/041) ---------------
  invalid_status_change: /*i18n*/ 'This visit cannot be moved to that status.',
  reason_required: /*i18n*/ 'Please give a reason for declining this visit.',
  check_in_code_invalid: /*i18n*/ 'Invalid check-in code. Please ask the reception for the current code.',
  check_in_not_today: /*i18n*/ 'You can check in only on the day of the visit.',
  check_in_not_allowed: /*i18n*/ 'Only a booked or confirmed visit can be checked in.',
  not_checked_in: /*i18n*/ 'A proof of visit is available once you have checked in at the clinic.',
  check_in_no_doctor: /*i18n*/ 'Add a doctor first: the check-in code appears once the clinic has a doctor.',
  check_in_time_refused: /*i18n*/ 'The time this code was typed cannot be accepted. Please check in again with the current code.',
  undo_expired: /*i18n*/ 'An outcome can be undone only within 10 minutes of marking it.',
  range_too_long: /*i18n*/ 'Please choose a date range of at most one year.',

  // --- subscriptions and payments ------------------------------------------------------------------------
  free_trial_used: /*i18n*/ 'You have already used your free trial. Please choose a plan to continue.',
  subscription_active: /*i18n*/ 'You already have an active subscription.',
  payment_start_failed: /*i18n*/ 'Failed to initiate payment. Please try again.',
  payments_unavailable: /*i18n*/ 'Paid plans are not available at the moment. Please try again later.',
  payment_verification_failed: /*i18n*/ 'Payment Verification Failed',
  webhook_not_configured: /*i18n*/ 'Webhook secret is not configured.',
  invalid_signature: /*i18n*/ 'Invalid webhook signature',

  // --- notifications and admin -----------------------------------------------------------------------------
  restart_too_soon: /*i18n*/ 'The server was restarted less than a minute ago. Please wait a minute before restarting it again.',
  push_service_not_allowed: /*i18n*/ 'This browser uses a push service we cannot send to.',
  not_retryable: /*i18n*/ 'Only a failed e-mail whose text is still kept can be sent again',
  admin_off: /*i18n*/ 'The admin side is off. Set ADMIN_PASSWORD to turn it on.',
  // WhatsApp (docs/decisions/044).
  whatsapp_off: /*i18n*/ 'WhatsApp messages are not available.',
  whatsapp_number_invalid: /*i18n*/ 'Please enter a valid mobile number with its country code, for example +91 98765 43210.',
  whatsapp_code_required: /*i18n*/ 'We sent a code to this number on WhatsApp. Please enter it to confirm the number.',
  whatsapp_code_invalid: /*i18n*/ 'Invalid code. Please enter the code we sent to this number on WhatsApp.',
  whatsapp_code_expired: /*i18n*/ 'This code has expired. Please ask for a new one.',
  whatsapp_too_many_codes: /*i18n*/ 'Too many WhatsApp codes were asked for. Please use the latest code we sent, or try again later.',

  // --- the admin team: named admins, two-factor sign-in (docs/decisions/042-admin-team.md) -----------------
  admin_team_required: /*i18n*/ 'Sign in with your e-mail address, password and authenticator code.',
  two_factor_required:
    /*i18n*/ 'Check your e-mail and password. If your account has two-factor sign-in, enter the 6-digit code from your authenticator app or a recovery code too.',
  admin_owner_only: /*i18n*/ 'Only an owner can do this.',
  // A clinic team member's role does not allow the act (docs/decisions/072): the message names the role that may.
  forbidden_role: /*i18n*/ "Your role in this clinic does not allow this. Ask the clinic's owner.",
  // The clinic's team (docs/decisions/072-clinic-team.md).
  invite_invalid: /*i18n*/ "This invitation link is invalid, has expired or was already used. Ask the clinic's owner for a new one.",
  invite_pending: /*i18n*/ 'Please accept your invitation first: open the link in the e-mail the clinic sent you.',
  owner_fixed: /*i18n*/ "The clinic's owner cannot be deactivated or given another role.",
  member_not_found: /*i18n*/ 'Team member not found',
  admin_first_owner: /*i18n*/ 'The first named admin must be an owner.',
  admin_email_taken: /*i18n*/ 'An admin with this e-mail address already exists.',
  admin_not_found: /*i18n*/ 'Admin not found',
  admin_last_owner: /*i18n*/ 'At least one other active owner must remain.',
  admin_self: /*i18n*/ 'You cannot do this to your own account. Ask another owner.',
  admin_invite_invalid: /*i18n*/ 'This link is invalid, has expired or was already used. Ask an owner for a new one.',
  admin_code_invalid: /*i18n*/ 'Invalid code. Please enter the current code from your authenticator app.',

  // --- the doctor's own login (docs/decisions/073-doctor-accounts.md) -------------------------------
  doctor_invite_invalid: /*i18n*/ 'This invitation link is invalid, has expired or was already used. Ask the clinic for a new one.',
  doctor_email_in_use: /*i18n*/ "This e-mail address already signs in to a clinic's or a representative's account. Please use another one for the doctor.",
  doctor_not_linked: /*i18n*/ 'You are not the doctor of this clinic on RepVisit.',
  doctor_settings_locked: /*i18n*/ 'This clinic keeps your call settings itself. Ask the clinic to let you manage them.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Every code, for z.enum and for checks at run time. */
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
