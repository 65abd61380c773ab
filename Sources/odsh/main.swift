import ODataShell
