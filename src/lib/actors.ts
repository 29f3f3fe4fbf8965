// Medusa actor types of Atelier's two kinds of user: gallery administrators are Medusa admin users (`user`);
// artists are organization members (`member`), a custom actor type that never unlocks Medusa's /admin routes.

export const ADMIN_ACTOR = "user"
export const MEMBER_ACTOR = "member"
