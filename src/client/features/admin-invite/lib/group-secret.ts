/** A base32 TOTP secret in groups of four, as it is typed into an authenticator app by hand. */
export const groupSecret = (secret: string) =>
  secret
    .replace(/\s+/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? secret;
