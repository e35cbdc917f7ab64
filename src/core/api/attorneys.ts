import { z } from 'zod';
import { ZAddress } from './address.ts';

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().transform((v) => (v ? v : null));

export const ZLawFirm = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: ZAddress.nullable(),
  attorneyCount: z.number().int(),
  version: z.number().int(),
});
export type TLawFirm = z.infer<typeof ZLawFirm>;

/** An attorney with the name of their law firm, as pickers and the attorneys page list them. */
export const ZAttorney = z.object({
  id: z.string(),
  lawFirmId: z.string().nullable(),
  lawFirmName: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: ZAddress.nullable(),
  version: z.number().int(),
});
export type TAttorney = z.infer<typeof ZAttorney>;

/** GET /api/attorneys?q=&lawFirmId= — q matches the attorney's or the firm's name. */
export const ZAttorneyListQuery = z.object({
  q: text(200).optional(),
  lawFirmId: z.guid().optional(),
});
export const ZAttorneyListResponse = z.object({ attorneys: z.array(ZAttorney) });
export type TAttorneyListResponse = z.infer<typeof ZAttorneyListResponse>;

/** GET /api/law-firms?q= */
export const ZLawFirmListQuery = z.object({ q: text(200).optional() });
export const ZLawFirmListResponse = z.object({ lawFirms: z.array(ZLawFirm) });
export type TLawFirmListResponse = z.infer<typeof ZLawFirmListResponse>;

const contact = {
  email: optionalText(320).refine((v) => v === null || z.email().safeParse(v).success, 'Please enter a valid e-mail address'),
  phone: optionalText(40),
  address: ZAddress.nullable(),
};

export const ZLawFirmBody = z.object({ name: text(200).min(1, 'Law firm name is required'), ...contact });
export type TLawFirmBody = z.input<typeof ZLawFirmBody>;
export const ZLawFirmUpdateBody = ZLawFirmBody.extend({ version: z.number().int() });

export const ZAttorneyBody = z.object({
  lawFirmId: z.guid().nullable(),
  name: text(200).min(1, 'Attorney name is required'),
  ...contact,
});
export type TAttorneyBody = z.input<typeof ZAttorneyBody>;
export const ZAttorneyUpdateBody = ZAttorneyBody.extend({ version: z.number().int() });
