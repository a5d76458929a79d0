import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, PROFILE_PASSWORD_HINT, profilePasswordFormSchema, sendUpdateOtpSchema, verifyUpdateOtpSchema } from './profile';
import { bookAppointmentSchema } from './booking';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('send-update-otp payload', () => {
  it.each([
    { updateType: 'name', newValue: '  ', message: 'Please enter a new value' },
    { updateType: 'company', newValue: undefined, message: 'Please enter a new value' },
    { updateType: 'email', newValue: 'not-an-email', message: 'Please enter a valid email address' },
    { updateType: 'phone', newValue: '12345', message: 'Please enter a valid phone number' },
    { updateType: 'phone', newValue: '98765abc43210', message: 'Please enter a valid phone number' },
    { updateType: 'phone', newValue: '+91 (98765) 43-210', currentPassword: 'Old!Pass123', message: null },
    { updateType: 'email', newValue: 'new@example.com', currentPassword: 'Old!Pass123', message: null },
    // An e-mail or phone change must also prove the account holder (docs/decisions/031).
    { updateType: 'email', newValue: 'new@example.com', message: 'Please enter your current password' },
    { updateType: 'phone', newValue: '9876543210', currentPassword: '', message: 'Please enter your current password' },
    { updateType: 'name', newValue: 'New Name', message: null },
    // So must a password change (docs/decisions/038).
    { updateType: 'password', newValue: undefined, message: 'Please enter your current password' },
    { updateType: 'password', newValue: undefined, currentPassword: 'Old!Pass123', message: null },
  ])('$updateType "$newValue" -> $message', ({ updateType, newValue, currentPassword, message }) => {
    expect(firstMessage(sendUpdateOtpSchema.safeParse({ userId: 1, updateType, newValue, currentPassword }))).toBe(message);
  });
});

describe('verify-update-otp payload', () => {
  it.each([
    { otp: '', newPassword: undefined, updateType: 'name', message: 'Please enter the OTP' },
    { otp: '12a456', newPassword: undefined, updateType: 'name', message: PROFILE_MESSAGES.otpFormat },
    { otp: '123456', newPassword: undefined, updateType: 'name', message: null },
    { otp: '123456', newPassword: 'abc', updateType: 'password', message: 'Password must be at least 6 characters long' },
    { otp: '123456', newPassword: 'abcdefg', updateType: 'password', message: PROFILE_MESSAGES.passwordPolicy },
    { otp: '123456', newPassword: 'N3w!Passw', updateType: 'password', message: null },
  ])('$updateType $otp $newPassword -> $message', ({ otp, newPassword, updateType, message }) => {
    expect(firstMessage(verifyUpdateOtpSchema.safeParse({ userId: 1, updateType, otp, newPassword }))).toBe(message);
  });

  it('the password form says the spec message for a mismatch', () => {
    expect(firstMessage(profilePasswordFormSchema.safeParse({ currentPassword: 'Old!Pass123', newPassword: 'N3w!Passw', confirmPassword: 'N3w!Passx' }))).toBe(
      'Passwords do not match',
    );
  });

  it('the password form puts each problem under its own field, all at once', () => {
    const r = profilePasswordFormSchema.safeParse({ currentPassword: '', newPassword: 'abcdefg', confirmPassword: 'x' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['currentPassword', 'Please enter your current password'],
      ['newPassword', PROFILE_MESSAGES.passwordPolicy],
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });

  // The hint says: at least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.
  it.each([
    ['Abcdef1!', true],
    ['Abcdef1', false], // 7 characters
    ['abcdef1!', false], // no uppercase letter
    ['ABCDEF1!', false], // no lowercase letter
    ['Abcdefg!', false], // no number
    ['Abcdefg1', false], // no special character
  ])('the hint and the rule agree: %s is %s', (password, allowed) => {
    expect(PROFILE_PASSWORD_HINT).toBe('At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.');
    expect(profilePasswordFormSchema.safeParse({ currentPassword: 'Old!Pass123', newPassword: password, confirmPassword: password }).success).toBe(allowed);
  });
});

describe('book-appointment payload', () => {
  it('accepts ids as numbers or strings and a real date', () => {
    expect(bookAppointmentSchema.parse({ doctorId: '3', clinicId: 4, repId: 5, appointmentDate: '2026-03-04' })).toEqual({
      doctorId: 3,
      clinicId: 4,
      repId: 5,
      appointmentDate: '2026-03-04',
    });
  });
  it.each(['2026-02-30', '04/03/2026', '', undefined])('refuses the date %s', (appointmentDate) => {
    expect(firstMessage(bookAppointmentSchema.safeParse({ doctorId: 3, clinicId: 4, repId: 5, appointmentDate }))).toBe('Please select a valid date.');
  });
});
