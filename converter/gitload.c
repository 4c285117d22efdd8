/* gitload.c - opening txt2rst-git.so (see gitmod.h). */
#define _POSIX_C_SOURCE 200809L
#include "gitmod.h"

#include "fileio.h"
#include "txt2rst.h"

#include <dlfcn.h>
#include <string.h>
#include <unistd.h>

/* The path to open into 'path': beside the binary when it is there,
 * else under 'module_dir'.  -1 when the binary's place is unknown. */
static int module_path(const char *module_dir, t2r_buf *path) {
  t2r_buf dir;
  t2r_buf_init(&dir);
  int rc = t2r_binary_dir(&dir);
  if (rc == 0) {
    t2r_buf_printf(path, "%s/" T2R_GITMOD_FILE, dir.ptr);
    if (access(path->ptr, F_OK) != 0) {
      t2r_buf_reset(path);
      t2r_buf_printf(path, "%s/%s/" T2R_GITMOD_FILE, dir.ptr, module_dir);
    }
  }
  t2r_buf_release(&dir);
  return rc;
}

static const t2r_gitmod *open_module(const char *path, t2r_buf *why) {
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror(); /* names the path */
    if (error)
      t2r_buf_puts(why, error);
    else
      t2r_buf_printf(why, "%s: cannot be loaded", path);
    return NULL;
  }
  const t2r_gitmod *mod = dlsym(handle, T2R_GITMOD_SYMBOL);
  if (mod && !strcmp(mod->version, T2R_VERSION))
    return mod; /* stays open for the life of the process */
  t2r_buf_printf(why, "%s: %s", path,
                 mod ? "built for another version of txt2rst"
                     : "not a txt2rst module");
  dlclose(handle);
  return NULL;
}

const t2r_gitmod *t2r_gitmod_load(const char *module_dir, t2r_buf *why) {
  static const t2r_gitmod *loaded;
  if (loaded)
    return loaded;
  t2r_buf path;
  t2r_buf_init(&path);
  if (module_path(module_dir, &path) != 0)
    t2r_buf_puts(why, "/proc/self/exe: cannot find the running binary, "
                      "beside which " T2R_GITMOD_FILE " is looked for");
  else
    loaded = open_module(path.ptr, why);
  t2r_buf_release(&path);
  return loaded;
}
