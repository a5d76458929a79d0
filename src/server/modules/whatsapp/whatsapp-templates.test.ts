import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import {
  fitTemplateValues,
  renderTemplateBody,
  templateMessage,
  templateName,
  templateText,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplateKey,
} from './whatsapp-templates';

// The registered templates' rules (docs/decisions/044, Templates), checked here rather than by Meta's review.

describe('WhatsApp templates', () => {
  it('keeps a name a name (docs/decisions/048): any script kept, links and formatting gone, at most 60 characters', () => {
    expect(templateName("Dr. A.K. D'Souza (Cardio) & Sons")).toBe("Dr. A.K. D'Souza (Cardio) & Sons");
    expect(templateName('रवि शर्मा')).toBe('रवि शर्मा');
    expect(templateName('ڈاکٹر می\u200cخواہ')).toBe('ڈاکٹر می\u200cخواہ');
    expect(templateName('Ravi *urgent* visit https://evil.example/x @bank')).toBe('Ravi urgent visit https evil.example x bank');
    expect(templateName('x'.repeat(200))).toHaveLength(60);
    expect(templateName('***')).toBe('-');
  });

  it('each body numbers its values 1..n, neither starts nor ends with one, and fits 1024 characters however long the values', () => {
    for (const [name, t] of Object.entries(WHATSAPP_TEMPLATES)) {
      const key = name as WhatsAppTemplateKey;
      const numbers = [...t.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      expect(numbers, key).toEqual(numbers.map((_, i) => i + 1));
      // Meta writes the authentication template's text itself (it starts with the code).
      if (t.category !== 'AUTHENTICATION') expect(t.body, key).not.toMatch(/^\{\{|\}\}$/);
      // Every value at its longest (600): the longest are cut until the filled body fits.
      const fitted = fitTemplateValues(
        key,
        numbers.map(() => 'x'.repeat(600)),
      );
      expect(renderTemplateBody(key, fitted).length, key).toBeLessThanOrEqual(1024);
      expect(fitted.every((v) => v.length > 0)).toBe(true);
    }
  });

  it('sends the configured name and language, and values WhatsApp accepts', () => {
    const config = testConfig({ WHATSAPP_TEMPLATE_BOOKING: 'my_booking', WHATSAPP_TEMPLATE_LANGUAGE: 'en_US' });
    expect(templateMessage(config, 'booking', ['a'])).toEqual({
      name: 'my_booking',
      language: { code: 'en_US' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'a' }] }],
    });
    expect(templateText('  Line one\n\tline     two  ')).toBe('Line one line two');
    expect(templateText('   ')).toBe('-');
    expect(templateText('x'.repeat(300))).toHaveLength(200);
  });
});
