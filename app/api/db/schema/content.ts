// Public content (issue 4): committees, events, gallery, newsletters, subscriptions.
export {}
