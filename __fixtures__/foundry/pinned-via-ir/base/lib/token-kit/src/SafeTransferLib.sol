// SPDX-License-Identifier: MIT
pragma solidity >=0.8.4 <0.9.0;

import {ERC20} from "./ERC20.sol";

/// @notice Token transfers that also accept tokens returning nothing, and fail on tokens that return false.
library SafeTransferLib {
    error TransferFailed(address token);
    error TransferFromFailed(address token);

    function safeTransfer(ERC20 token, address to, uint256 amount) internal {
        if (!_succeeded(address(token), abi.encodeWithSelector(ERC20.transfer.selector, to, amount))) {
            revert TransferFailed(address(token));
        }
    }

    function safeTransferFrom(ERC20 token, address from, address to, uint256 amount) internal {
        if (!_succeeded(address(token), abi.encodeWithSelector(ERC20.transferFrom.selector, from, to, amount))) {
            revert TransferFromFailed(address(token));
        }
    }

    function _succeeded(address token, bytes memory data) private returns (bool) {
        // A call to an address without code succeeds and returns nothing: not a transfer.
        if (token.code.length == 0) return false;
        (bool ok, bytes memory returned) = token.call(data);
        if (!ok) return false;
        if (returned.length == 0) return true;
        return returned.length == 32 && abi.decode(returned, (uint256)) == 1;
    }
}
