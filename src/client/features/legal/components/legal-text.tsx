import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COMPANY } from '../../../../shared/constants';
import { i18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';

const mail = (address: string) => (text: string) => <a href={`mailto:${address}`}>{text}</a>;

// The markup the legal and info pages' translated sentences may use (decision 045): bold words, the links to the other
// pages and the company's addresses. A phone number stays left to right inside an Urdu sentence.
const PARTS: Record<string, (text: string) => ReactNode> = {
  strong: (text) => <strong>{text}</strong>,
  privacy: (text) => <Link to="/privacy-policy">{text}</Link>,
  cookies: (text) => <Link to="/cookies-policy">{text}</Link>,
  contact: (text) => <Link to="/contact">{text}</Link>,
  support: mail(COMPANY.email),
  grievance: mail(COMPANY.grievanceEmail),
  phone: (text) => <span dir="ltr">{text}</span>,
};

/**
 * The company's facts, the values a legal sentence may name: `i18n._('E-mail: <grievance>{grievanceEmail}</grievance>.', COMPANY_VALUES)`.
 * The address and the city are words, read in the language on screen when the sentence is.
 */
export const COMPANY_VALUES = {
  legalName: COMPANY.legalName,
  get address() {
    return i18n._(COMPANY.address);
  },
  get city() {
    return i18n._(COMPANY.city);
  },
  cin: COMPANY.cin,
  phone: COMPANY.phone,
  supportEmail: COMPANY.email,
  grievanceEmail: COMPANY.grievanceEmail,
};

/** A translated legal sentence with its markup rendered: `legalText(i18n._('<strong>Access:</strong> a summary...'))`. */
export function legalText(message: string): ReactNode {
  return richText(message, PARTS);
}
