// The footer form's checks in the browser, with the schema the server uses. The form loads this
// module when a visitor first moves into it, so zod is not part of every page's first load.
import { parseWithZod } from '@conform-to/zod/v4'
import { newsletterSubscriptionSchema } from '~/contract/newsletters'

export const checkSubscription = (formData: FormData) => parseWithZod(formData, { schema: newsletterSubscriptionSchema })

/** The button waits for this: every field filled in as the schema wants. */
export const isCompleteSubscription = (value: unknown) => newsletterSubscriptionSchema.safeParse(value ?? {}).success
