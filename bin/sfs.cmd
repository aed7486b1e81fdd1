@echo off
rem sfsbench launcher on Windows, in an installed tree (sfs install DEST): DEST\bin\sfs.cmd
rem runs DEST\java\bin\java.exe (the runtime sfs install copies there), else java on PATH.
setlocal
set "SFS_HOME=%~dp0.."
set "SFS_JAVA=%SFS_HOME%\java\bin\java.exe"
if not exist "%SFS_JAVA%" set "SFS_JAVA=java"
"%SFS_JAVA%" %SFS_JAVA_OPTS% "-Dsfs.home=%SFS_HOME%" -cp "%SFS_HOME%\manager\lib\*" org.sfsbench.cli.Main %*
