/** /create/preview/{id}: the same preview as /host/objects/preview/{id}. */
export { loader, meta, default } from "./($lang).host.objects.preview.$id";
