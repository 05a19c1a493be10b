/** The image types the server accepts (it checks the content too), for a file input's `accept`. */
export const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";
