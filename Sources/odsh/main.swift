import ODataShell

OdshCommand.main()
