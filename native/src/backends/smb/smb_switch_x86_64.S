/* smb_switch(void **save_sp, void *load_sp): the x86-64 context switch of
 * smb_task.c.  Saves what the SysV ABI makes callee-saved (rbx, rbp,
 * r12-r15, MXCSR, the x87 control word) on the current stack, stores the
 * stack pointer in *save_sp, continues on load_sp.  No system call (ucontext's
 * swapcontext makes one per switch for the signal mask, which tasks never
 * change).  A frame made by smb_task.c for a new task has the same layout. */
    .text
    .globl  smb_switch
    .hidden smb_switch
    .type   smb_switch, @function
smb_switch:
    pushq   %rbp
    pushq   %rbx
    pushq   %r12
    pushq   %r13
    pushq   %r14
    pushq   %r15
    subq    $8, %rsp
    stmxcsr (%rsp)
    fnstcw  4(%rsp)
    movq    %rsp, (%rdi)
    movq    %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw   4(%rsp)
    addq    $8, %rsp
    popq    %r15
    popq    %r14
    popq    %r13
    popq    %r12
    popq    %rbx
    popq    %rbp
    ret
    .size   smb_switch, .-smb_switch
    .section .note.GNU-stack, "", @progbits
