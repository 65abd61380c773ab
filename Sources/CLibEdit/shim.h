#ifndef ODSH_CLIBEDIT_SHIM_H
#define ODSH_CLIBEDIT_SHIM_H
#include <stdio.h>
#include <histedit.h>
#endif
