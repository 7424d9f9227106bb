/** The stock console's photo form: the only page besides the feed upload that takes files. */
export const PHOTO_UPLOAD_PAGE = "/staff/stock/photos";

/** How many photos one upload may carry: a car's usual set, with room to spare. */
export const PHOTOS_PER_UPLOAD = 20;
