// Zod-free, so a form's own code can read it before its checks load (app/components/checked-form.ts).

/** The `intent` a submit button of a multi-step form sent. */
export const intentOf = (formData: FormData) => String(formData.get('intent') ?? '')
