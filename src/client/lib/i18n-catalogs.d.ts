// The compiled catalogues of build/vite-i18n.ts (decision 045).
declare module 'virtual:i18n/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:i18n-url/*' {
  const url: string;
  export default url;
}
