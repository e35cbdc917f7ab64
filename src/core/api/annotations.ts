import { z } from 'zod';
import { ANNOTATION_COLORS, ANNOTATION_LIMITS, ANNOTATION_MESSAGES, linePoints, type AnnotationColor, type TAnnotation } from '../field-reports/annotations.ts';

// The schema of annotations on a report image (docs/decisions/104); the rules and drawing are in
// ../annotations.ts, free of zod, so the screens that only draw them stay light.

const fraction = z.number().min(0).max(1);
const ZPoint = z.object({ x: fraction, y: fraction });
const base = { id: z.string().min(1).max(40), color: z.enum(Object.keys(ANNOTATION_COLORS) as [AnnotationColor, ...AnnotationColor[]]) };
const twoPoints = { ...base, from: ZPoint, to: ZPoint };

const ZAnnotation = z.discriminatedUnion('type', [
  z.object({ type: z.literal('arrow'), ...twoPoints }),
  z.object({ type: z.literal('circle'), ...twoPoints }),
  z.object({ type: z.literal('rect'), ...twoPoints }),
  z.object({ type: z.literal('line'), ...base, points: z.array(ZPoint).min(2).max(ANNOTATION_LIMITS.linePoints) }),
  z.object({
    type: z.literal('text'), ...base, at: ZPoint,
    text: z.string().trim().min(1, ANNOTATION_MESSAGES.emptyText).max(ANNOTATION_LIMITS.textLength, ANNOTATION_MESSAGES.tooLong),
  }),
]);
export const ZAnnotations: z.ZodType<TAnnotation[], TAnnotation[]> = z.array(ZAnnotation).max(ANNOTATION_LIMITS.shapes, ANNOTATION_MESSAGES.tooMany)
  .refine((list) => linePoints(list) <= ANNOTATION_LIMITS.points, ANNOTATION_MESSAGES.tooMany);
