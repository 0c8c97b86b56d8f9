// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "../tokens/ERC20.sol";

/// @notice Transfers that revert when the token reverts or returns false.
library SafeTransferLib {
    error TransferFailed();

    function safeTransfer(ERC20 token, address to, uint256 amount) internal {
        _call(address(token), abi.encodeCall(ERC20.transfer, (to, amount)));
    }

    function safeTransferFrom(ERC20 token, address from, address to, uint256 amount) internal {
        _call(address(token), abi.encodeCall(ERC20.transferFrom, (from, to, amount)));
    }

    function _call(address token, bytes memory data) private {
        (bool ok, bytes memory returned) = token.call(data);
        if (!ok || token.code.length == 0 || (returned.length != 0 && !abi.decode(returned, (bool)))) {
            revert TransferFailed();
        }
    }
}
